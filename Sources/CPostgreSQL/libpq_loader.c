#include "CPostgreSQL.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// One pointer per function we call, typed from libpq's own declarations.
#define LIBPQ_FUNCTIONS(X) \
    X(PQconnectStartParams) X(PQconnectPoll) X(PQfinish) X(PQstatus) X(PQtransactionStatus) \
    X(PQserverVersion) X(PQerrorMessage) X(PQsocket) X(PQsetnonblocking) X(PQflush) \
    X(PQsendQuery) X(PQsendQueryParams) X(PQsendPrepare) X(PQsendQueryPrepared) \
    X(PQgetResult) X(PQconsumeInput) X(PQisBusy) X(PQnotifies) X(PQfreemem) \
    X(PQresultStatus) X(PQresultErrorMessage) X(PQresultErrorField) X(PQntuples) X(PQnfields) \
    X(PQftype) X(PQgetvalue) X(PQgetisnull) X(PQclear) X(PQsetNoticeProcessor)

static struct {
#define X(name) __typeof__(name) *name;
    LIBPQ_FUNCTIONS(X)
#undef X
} libpq;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[256];

static void load(void) {
    // The soname of libpq 10 and later (Debian's libpq5).
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "PostgreSQL needs libpq.so.5 (Debian: libpq5): %s", dlerror());
        return;
    }
#define X(name) \
    libpq.name = (__typeof__(name) *)dlsym(library, #name); \
    if (libpq.name == NULL) { \
        snprintf(failure, sizeof failure, "libpq.so.5 lacks %s", #name); \
        return; \
    }
    LIBPQ_FUNCTIONS(X)
#undef X
    loaded = 1;
}

static void ignore_notice(void *arg, const char *message) {
    (void)arg;
    (void)message;
}

void cpq_ignore_notices(PGconn *conn) { libpq.PQsetNoticeProcessor(conn, ignore_notice, NULL); }

int cpq_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (!loaded && error != NULL && size > 0) {
        snprintf(error, size, "%s", failure);
    }
    return loaded;
}

PGconn *cpq_PQconnectStartParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    return libpq.PQconnectStartParams(keywords, values, expand_dbname);
}
PostgresPollingStatusType cpq_PQconnectPoll(PGconn *conn) { return libpq.PQconnectPoll(conn); }
void cpq_PQfinish(PGconn *conn) { libpq.PQfinish(conn); }
ConnStatusType cpq_PQstatus(const PGconn *conn) { return libpq.PQstatus(conn); }
PGTransactionStatusType cpq_PQtransactionStatus(const PGconn *conn) { return libpq.PQtransactionStatus(conn); }
int cpq_PQserverVersion(const PGconn *conn) { return libpq.PQserverVersion(conn); }
char *cpq_PQerrorMessage(const PGconn *conn) { return libpq.PQerrorMessage(conn); }
int cpq_PQsocket(const PGconn *conn) { return libpq.PQsocket(conn); }
int cpq_PQsetnonblocking(PGconn *conn, int arg) { return libpq.PQsetnonblocking(conn, arg); }
int cpq_PQflush(PGconn *conn) { return libpq.PQflush(conn); }

int cpq_PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                          const char *const *paramValues, const int *paramLengths, const int *paramFormats,
                          int resultFormat) {
    return libpq.PQsendQueryParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,
                                   resultFormat);
}
int cpq_PQsendPrepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) {
    return libpq.PQsendPrepare(conn, stmtName, query, nParams, paramTypes);
}
int cpq_PQsendQueryPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
                            const int *paramLengths, const int *paramFormats, int resultFormat) {
    return libpq.PQsendQueryPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat);
}
int cpq_PQsendQuery(PGconn *conn, const char *query) { return libpq.PQsendQuery(conn, query); }
PGresult *cpq_PQgetResult(PGconn *conn) { return libpq.PQgetResult(conn); }
int cpq_PQconsumeInput(PGconn *conn) { return libpq.PQconsumeInput(conn); }
int cpq_PQisBusy(PGconn *conn) { return libpq.PQisBusy(conn); }
PGnotify *cpq_PQnotifies(PGconn *conn) { return libpq.PQnotifies(conn); }
void cpq_PQfreemem(void *ptr) { libpq.PQfreemem(ptr); }

ExecStatusType cpq_PQresultStatus(const PGresult *res) { return libpq.PQresultStatus(res); }
char *cpq_PQresultErrorMessage(const PGresult *res) { return libpq.PQresultErrorMessage(res); }
char *cpq_PQresultErrorField(const PGresult *res, int fieldcode) { return libpq.PQresultErrorField(res, fieldcode); }
int cpq_PQntuples(const PGresult *res) { return libpq.PQntuples(res); }
int cpq_PQnfields(const PGresult *res) { return libpq.PQnfields(res); }
Oid cpq_PQftype(const PGresult *res, int field_num) { return libpq.PQftype(res, field_num); }
char *cpq_PQgetvalue(const PGresult *res, int tup_num, int field_num) { return libpq.PQgetvalue(res, tup_num, field_num); }
int cpq_PQgetisnull(const PGresult *res, int tup_num, int field_num) { return libpq.PQgetisnull(res, tup_num, field_num); }
void cpq_PQclear(PGresult *res) { libpq.PQclear(res); }
