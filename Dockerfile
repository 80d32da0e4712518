# syntax=docker/dockerfile:1
# lalao: multi-stage build, small runtime image, non-root user, data on a volume, configured by
# environment (LALAO_*, DISCORD_*, MATRIX_*, RUST_LOG; see config/src/lib.rs).
#
#   docker build -t lalao .
#   docker run -it -v lalao-data:/data lalao                  # the console (no chat credentials)
#   docker run -d -v lalao-data:/data -e DISCORD_TOKEN=… lalao  # the Discord adapter (or MATRIX_*)
#   cd deploy && docker compose up -d                          # with PostgreSQL (deploy/README.md)

ARG RUST_VERSION=1.95
ARG DEBIAN=bookworm

FROM rust:${RUST_VERSION}-slim-${DEBIAN} AS build
WORKDIR /src
COPY . .
# Cache the registry and the target directory between builds; copy the binary out of the cache.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin lalao \
    && install -D -m 0755 target/release/lalao /out/lalao

FROM debian:${DEBIAN}-slim AS runtime
# tini reaps children and forwards signals, so `docker stop` shuts the bot down cleanly.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates tini \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 lalao \
    && useradd --system --uid 10001 --gid lalao --home-dir /data --shell /usr/sbin/nologin lalao \
    && install -d -o lalao -g lalao -m 0750 /data
COPY --from=build /out/lalao /usr/local/bin/lalao
USER lalao:lalao
WORKDIR /data
# The health probes and metrics on the loopback (deploy/compose.yaml opens them to its network).
ENV LALAO_DATA_DIR=/data \
    LALAO_LOCALE=en \
    LALAO_ADMIN=127.0.0.1:9090 \
    RUST_LOG=info
VOLUME ["/data"]
# `lalao health` asks the running lalao's /readyz: the store answers, the scheduler and the chat
# connections run (docs/operations.md).
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["/usr/local/bin/lalao", "health"]
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/lalao"]
