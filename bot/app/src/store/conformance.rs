//! The contract every [`Store`] backend must keep, as checks any backend's tests run: the
//! memory store and sled here, PostgreSQL in `lalao-postgres`'s end-to-end tests.

use std::sync::Arc;

use super::{Committed, Store, Txn};

/// The contract every backend must keep.
pub fn contract(store: &dyn Store) {
    assert_eq!(store.get(b"a").unwrap(), None);
    let mut txn = Txn::default();
    txn.check(b"a".to_vec(), None)
        .put(b"a".to_vec(), b"1".to_vec())
        .put(b"b/1".to_vec(), b"x".to_vec());
    assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
    // The same checks now fail and write nothing.
    let mut again = Txn::default();
    again
        .check(b"a".to_vec(), None)
        .put(b"c".to_vec(), b"never".to_vec());
    assert_eq!(
        store.commit(&again).unwrap(),
        Committed::Conflict { key: b"a".to_vec() }
    );
    assert_eq!(store.get(b"c").unwrap(), None);
    // Compare-and-swap on the current value, and delete.
    let mut swap = Txn::default();
    swap.check(b"a".to_vec(), Some(b"1".to_vec()))
        .put(b"a".to_vec(), b"2".to_vec())
        .delete(b"b/1".to_vec())
        .put(b"b/2".to_vec(), b"y".to_vec())
        .put(b"b/3".to_vec(), b"z".to_vec());
    assert_eq!(store.commit(&swap).unwrap(), Committed::Applied);
    assert_eq!(store.get(b"a").unwrap(), Some(b"2".to_vec()));
    let scanned = store.scan_prefix(b"b/").unwrap();
    assert_eq!(
        scanned,
        vec![(b"b/2".to_vec(), b"y".to_vec()), (b"b/3".to_vec(), b"z".to_vec())]
    );
    assert_eq!(
        store.first_with_prefix(b"b/").unwrap(),
        Some((b"b/2".to_vec(), b"y".to_vec()))
    );
    assert_eq!(store.first_with_prefix(b"zz").unwrap(), None);
    assert_eq!(
        store.last_with_prefix(b"b/").unwrap(),
        Some((b"b/3".to_vec(), b"z".to_vec()))
    );
    assert_eq!(
        store.last_with_prefix(b"").unwrap(),
        Some((b"b/3".to_vec(), b"z".to_vec()))
    );
    assert_eq!(store.last_with_prefix(b"a/").unwrap(), None);
    assert_eq!(store.count_prefix(b"b/", 10).unwrap(), 2);
    assert_eq!(store.count_prefix(b"b/", 1).unwrap(), 1);
    // A cursor: a commit during the iteration neither stops it nor brings back an entry
    // behind it (entries written ahead may or may not be seen: sled reads by pages).
    let mut cursor = store.iter_prefix(b"b/");
    assert_eq!(cursor.next().unwrap().unwrap().0, b"b/2".to_vec());
    let mut more = Txn::default();
    more.put(b"b/1".to_vec(), b"behind".to_vec())
        .put(b"b/4".to_vec(), b"ahead".to_vec());
    assert_eq!(store.commit(&more).unwrap(), Committed::Applied);
    let rest: Vec<Vec<u8>> = cursor.map(|entry| entry.unwrap().0).collect();
    assert_eq!(rest[0], b"b/3".to_vec());
    assert!(!rest.contains(&b"b/1".to_vec()) && !rest.contains(&b"b/2".to_vec()));
    let mut undo = Txn::default();
    undo.delete(b"b/1".to_vec()).delete(b"b/4".to_vec());
    assert_eq!(store.commit(&undo).unwrap(), Committed::Applied);
    store.sync().unwrap();
    assert_eq!(store.scan_all().unwrap().len(), 3);
}

/// Compare-and-swap under contention: `threads` threads each add one to a counter `rounds`
/// times, retrying on conflict. No increment is lost or applied twice, whatever the backend
/// does underneath (PostgreSQL's serialization failures are retried inside `commit`).
pub fn contended_increments(store: Arc<dyn Store>, threads: usize, rounds: usize) {
    let key = b"conformance/counter".to_vec();
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let (store, key) = (store.clone(), key.clone());
            std::thread::spawn(move || {
                let mut conflicts = 0usize;
                for _ in 0..rounds {
                    loop {
                        let old = store.get(&key).unwrap();
                        let n: u64 = old
                            .as_deref()
                            .map_or(0, |bytes| std::str::from_utf8(bytes).unwrap().parse().unwrap());
                        let mut txn = Txn::default();
                        txn.check(key.clone(), old)
                            .put(key.clone(), (n + 1).to_string().into_bytes());
                        match store.commit(&txn).unwrap() {
                            Committed::Applied => break,
                            Committed::Conflict { .. } => conflicts += 1,
                        }
                    }
                }
                conflicts
            })
        })
        .collect();
    for worker in workers {
        worker.join().unwrap();
    }
    store.sync().unwrap();
    let total = store.get(&key).unwrap().expect("the counter");
    assert_eq!(total, (threads * rounds).to_string().into_bytes());
    let mut clean = Txn::default();
    clean.delete(key);
    store.commit(&clean).unwrap();
}

/// A snapshot sees each commit whole or not at all, while `commits` commits go on around it
/// (each writes one `a/` and one `b/` key: every instant has as many of each).
pub fn snapshot_at_one_instant(store: Arc<dyn Store>, commits: u32) {
    let writer = {
        let store = store.clone();
        std::thread::spawn(move || {
            for i in 0..commits {
                let mut txn = Txn::default();
                txn.put(format!("a/{i:05}").into_bytes(), vec![0; 64])
                    .put(format!("b/{i:05}").into_bytes(), vec![0; 64]);
                assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
            }
        })
    };
    let mut snapshots = 0;
    while !writer.is_finished() || snapshots == 0 {
        let (mut a, mut b) = (0, 0);
        store
            .snapshot(&mut |key, _| {
                match key[0] {
                    b'a' => a += 1,
                    _ => b += 1,
                }
                true
            })
            .unwrap();
        assert_eq!(a, b, "a snapshot saw half a commit");
        snapshots += 1;
        // Back to back, snapshots would keep the writer out (backups are rare).
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    writer.join().unwrap();
}
