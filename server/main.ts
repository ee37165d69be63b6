import v8 from 'node:v8';

// V8's flags that must hold while the server's modules load: main.ts sets them, then imports
// the server (a chunk of its own in the build, so none of its modules loads before).

// V8 lets the old generation grow to up to 4× what survived its last full collection before it
// collects again: in a class's upload burst that is over 100 MB of dead request objects, and a
// peak RSS past 300 MB (bench/README.md, burst). Collecting at 1.5× keeps it under.
v8.setFlagsFromString('--heap-growing-percent=50');
// Loading and setting up the server allocates much that it keeps: with V8's default growth the
// young generation doubles to its largest (2 × 16 MB) before the first request and holds it until
// it has idled for half a minute (bench/README.md, idle). It stays small until the server
// listens, then grows under load as by default (start.ts).
v8.setFlagsFromString('--semi-space-growth-factor=1');
await import('./start');
