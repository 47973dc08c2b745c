// What every start of the reference server adds to its environment (npm start, start:cluster and the benches'
// servers, which start it the same way); a value already set is kept, and other C libraries ignore them.
// - glibc's malloc arenas capped at two. By default glibc gives each thread that allocates (the SQLite readers,
//   the document threads, libuv's pool doing zlib and scrypt) an arena of its own, up to eight per core, and
//   keeps what each has held; on bench 12 two arenas took 50 MB off the peak and off the memory after a GC, at
//   no cost in CPU per call (server/docs/wire-and-memory.md).
// - glibc's mmap and trim thresholds fixed at 128 KiB. By default both rise after a large block is freed (up to
//   32 MiB), so later large blocks come from the arenas and stay in the process after they are freed: in the
//   soak (bench 16) a worker's memory after a full GC grew 15–22 % in 60 s with its V8 heap flat; with the
//   thresholds fixed, -12 to +5 % over four workers, at the same calls per second.
export function serverMemoryEnv(env = process.env) {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
  };
}
