/* The portable libswitchboard.so runs on glibc 2.27 and newer (the wheel is manylinux_2_27: Ubuntu 18.04 and
   later, RHEL, Rocky and Alma 8 and later, Amazon Linux 2023, Debian 10 and later). The Swift runtime that
   scripts/build-portable links into it calls a few functions whose newest versions are later than that in the
   build machine's glibc (2.36): linked as they are, the .so would need glibc 2.35. scripts/build-portable compiles this file into the .so, whose
   link then binds the runtime's calls of each function below to its definition here (a definition in the .so's
   own objects comes before any shared library's), and that calls the version glibc 2.28 already has (`.symver`:
   the oldest, GLIBC_2.2.5), which a versioned reference binds to in libc, never to the definition here. The build
   machine's glibc still carries those versions for old programs; before 2.34 glibc keeps dlopen and its kin in
   libdl.so.2 and the thread functions in libpthread.so.0, which the link names as needed libraries (stubs from
   2.34 on). What is left is GLIBC_2.27 at most (expf, logf, powf...): the floor.
     dlopen, dlsym, dladdr, dlerror, pthread_attr_getstack, sem_open   GLIBC_2.34 (moved into libc.so.6)
     pthread_getattr_np                                                GLIBC_2.32
     stat, fstat                                                       GLIBC_2.33 (before: __xstat, __fxstat, version 1)
     exp, exp2, log, log2                                              GLIBC_2.29 (errno no longer set via SVID)
     hypotf                                                            GLIBC_2.35
   And libstdc++: std::__throw_bad_array_new_length() is GLIBCXX_3.4.29 (GCC 11), above manylinux_2_28's
   GLIBCXX_3.4.24; it is defined here, throwing std::bad_alloc (its base class) as GCC's older headers did.
   scripts/install-test checks the wheel's tag (auditwheel), and that the .so loads and works; the .so also loaded
   and ran under Ubuntu 20.04's glibc 2.31 and libstdc++ (its ld.so and sqlite3 3.31), by hand. */
/* No system headers: the definitions below would clash with their declarations. Pointers to glibc's types are
   void *, which the C calling convention passes alike. */
#include <stdarg.h>
#include <stddef.h>

#define O_CREAT 0100 /* fcntl.h, on Linux */
#define STAT_VERSION 1 /* _STAT_VER on x86-64: the struct stat layout __xstat fills, as stat() always did */
#define OLDEST(name) __asm__(".symver " #name "_2_2_5, " #name "@GLIBC_2.2.5")
#define HIDDEN __attribute__((visibility("hidden")))

void *dlopen_2_2_5(const char *file, int mode);
void *dlsym_2_2_5(void *handle, const char *name);
int dladdr_2_2_5(const void *address, void *info);
char *dlerror_2_2_5(void);
int pthread_attr_getstack_2_2_5(const void *attr, void **stack, size_t *size);
int pthread_getattr_np_2_2_5(unsigned long thread, void *attr);
void *sem_open_2_2_5(const char *name, int flags, ...);
int __xstat_2_2_5(int version, const char *path, void *buffer);
int __fxstat_2_2_5(int version, int descriptor, void *buffer);
double exp_2_2_5(double x);
double exp2_2_2_5(double x);
double log_2_2_5(double x);
double log2_2_2_5(double x);
float hypotf_2_2_5(float x, float y);
OLDEST(dlopen);
OLDEST(dlsym);
OLDEST(dladdr);
OLDEST(dlerror);
OLDEST(pthread_attr_getstack);
OLDEST(pthread_getattr_np);
OLDEST(sem_open);
OLDEST(__xstat);
OLDEST(__fxstat);
OLDEST(exp);
OLDEST(exp2);
OLDEST(log);
OLDEST(log2);
OLDEST(hypotf);

HIDDEN void *dlopen(const char *file, int mode) { return dlopen_2_2_5(file, mode); }
HIDDEN void *dlsym(void *handle, const char *name) { return dlsym_2_2_5(handle, name); }
HIDDEN int dladdr(const void *address, void *info) { return dladdr_2_2_5(address, info); }
HIDDEN char *dlerror(void) { return dlerror_2_2_5(); }
HIDDEN int pthread_attr_getstack(const void *attr, void **stack, size_t *size) {
    return pthread_attr_getstack_2_2_5(attr, stack, size);
}
HIDDEN int pthread_getattr_np(unsigned long thread, void *attr) { return pthread_getattr_np_2_2_5(thread, attr); }
HIDDEN void *sem_open(const char *name, int flags, ...) {
    if (!(flags & O_CREAT)) return sem_open_2_2_5(name, flags);
    va_list arguments;
    va_start(arguments, flags);
    unsigned int mode = va_arg(arguments, unsigned int);
    unsigned int value = va_arg(arguments, unsigned int);
    va_end(arguments);
    return sem_open_2_2_5(name, flags, mode, value);
}
HIDDEN int stat(const char *path, void *buffer) { return __xstat_2_2_5(STAT_VERSION, path, buffer); }
HIDDEN int fstat(int descriptor, void *buffer) { return __fxstat_2_2_5(STAT_VERSION, descriptor, buffer); }
HIDDEN double exp(double x) { return exp_2_2_5(x); }
HIDDEN double exp2(double x) { return exp2_2_2_5(x); }
HIDDEN double log(double x) { return log_2_2_5(x); }
HIDDEN double log2(double x) { return log2_2_2_5(x); }
HIDDEN float hypotf(float x, float y) { return hypotf_2_2_5(x, y); }

/* std::__throw_bad_array_new_length() and std::__throw_bad_alloc(), by their mangled names. */
_Noreturn void _ZSt17__throw_bad_allocv(void);
HIDDEN _Noreturn void _ZSt28__throw_bad_array_new_lengthv(void) { _ZSt17__throw_bad_allocv(); }
