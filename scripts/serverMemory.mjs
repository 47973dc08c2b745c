// What every start of the reference server adds to its environment (npm start, start:cluster and the benches'
// servers, which start it the same way): glibc's malloc arenas capped at two. By default glibc gives each thread
// that allocates (the SQLite readers, the document threads, libuv's pool doing zlib and scrypt) an arena of its
// own, up to eight per core, and keeps what each has held; on bench 12 two arenas took 50 MB off the peak and
// off the memory after a GC, at no cost in CPU per call (server/docs/wire-and-memory.md). A value already set
// is kept; other C libraries ignore it.
export function serverMemoryEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
