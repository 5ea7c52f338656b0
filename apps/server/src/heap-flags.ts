import v8 from 'node:v8';

/**
 * How the server's heaps count memory held outside them (buffers: uploads, files, the embedded
 * database's pages). By default V8 starts a full collection of a heap for about every 64 MB of such
 * memory allocated since the last one, however little of the heap it can free: an import of a 68 MB
 * report (the upload's pieces as they arrive) cost three to five collections of the main heap, each
 * keeping a helper thread busy ~100 ms while the ingest's worker needed the core. Counted within the
 * heap's overall limit instead, such memory brings a collection when the whole is large, not every
 * 64 MB: 3 full collections instead of 15 over three imports (docs/PERFORMANCE.md).
 * Imported first by the server's bootstrap, for the main thread and every worker thread alike.
 */
v8.setFlagsFromString('--external-memory-accounted-in-global-limit');
