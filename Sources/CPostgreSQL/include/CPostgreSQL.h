// libpq, loaded with dlopen on first use instead of linked.
//
// Why: libpq brings OpenSSL, Kerberos and LDAP (and, through them, GnuTLS
// and p11-kit, whose constructors run at start-up): about 4 MB of resident
// memory in every process, although most deployments use SQLite and never
// open a PostgreSQL connection. Only a process given a postgres:// database
// maps them.
//
// The types come from libpq's own header (Debian's libpq-dev), so the
// function table below has libpq's exact signatures. Each cpq_PQ* function
// forwards to the libpq function of the same name: call cpq_load() (once,
// any thread) before any of them; PGConnection.connect does.
#ifndef MOMENTS_CPOSTGRESQL_H
#define MOMENTS_CPOSTGRESQL_H

#include <stddef.h>
#include <postgresql/libpq-fe.h>

/// Loads libpq.so.5 and resolves the functions below, once per process.
/// Returns 1 on success; 0 with a message in `error` (at most `size` bytes).
int cpq_load(char *error, size_t size);

// Connections and statements are asynchronous only (PGConnection waits in
// poll, bounded by the caller's deadline), so the blocking calls are not here.
PGconn *cpq_PQconnectStartParams(const char *const *keywords, const char *const *values, int expand_dbname);
PostgresPollingStatusType cpq_PQconnectPoll(PGconn *conn);
void cpq_PQfinish(PGconn *conn);
ConnStatusType cpq_PQstatus(const PGconn *conn);
PGTransactionStatusType cpq_PQtransactionStatus(const PGconn *conn);
int cpq_PQserverVersion(const PGconn *conn);
char *cpq_PQerrorMessage(const PGconn *conn);
int cpq_PQsocket(const PGconn *conn);
int cpq_PQsetnonblocking(PGconn *conn, int arg);
/// Drops the server's notices and warnings on `conn`: libpq's default
/// processor writes them to standard error as they come, outside the log's
/// format (a `--log-format json` line that is not JSON); what they say
/// (`terminating connection due to administrator command`) reaches the log
/// as the connection's failure.
void cpq_ignore_notices(PGconn *conn);
int cpq_PQflush(PGconn *conn);

int cpq_PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                          const char *const *paramValues, const int *paramLengths, const int *paramFormats,
                          int resultFormat);
int cpq_PQsendPrepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes);
int cpq_PQsendQueryPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
                            const int *paramLengths, const int *paramFormats, int resultFormat);
int cpq_PQsendQuery(PGconn *conn, const char *query);
PGresult *cpq_PQgetResult(PGconn *conn);
int cpq_PQconsumeInput(PGconn *conn);
int cpq_PQisBusy(PGconn *conn);
PGnotify *cpq_PQnotifies(PGconn *conn);
void cpq_PQfreemem(void *ptr);

ExecStatusType cpq_PQresultStatus(const PGresult *res);
char *cpq_PQresultErrorMessage(const PGresult *res);
char *cpq_PQresultErrorField(const PGresult *res, int fieldcode);
int cpq_PQntuples(const PGresult *res);
int cpq_PQnfields(const PGresult *res);
Oid cpq_PQftype(const PGresult *res, int field_num);
char *cpq_PQgetvalue(const PGresult *res, int tup_num, int field_num);
int cpq_PQgetisnull(const PGresult *res, int tup_num, int field_num);
void cpq_PQclear(PGresult *res);

#endif
