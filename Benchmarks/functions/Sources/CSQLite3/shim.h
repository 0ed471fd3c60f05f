// The system SQLite.
#include <sqlite3.h>
