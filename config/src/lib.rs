//! lalao-config: typed configuration (file + environment), validated at start.
