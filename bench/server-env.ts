// The environment of a bench child process that stands for the server: the same memory
// setting `npm start` and the Dockerfile give the product (docs/operations.md, Memory), so a
// start, a reload or a request is measured as an operator's server runs it. glibc reads
// GLIBC_TUNABLES when a process starts, so it goes into the child's environment; one the
// caller set already is kept, as `npm start` keeps it.

/** What `npm start` sets when GLIBC_TUNABLES is unset: malloc's large buffers on transparent huge pages. */
export const SERVER_GLIBC_TUNABLES = 'glibc.malloc.hugetlb=1';

export function serverEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? SERVER_GLIBC_TUNABLES, ...extra };
}
