# search/: the alpha-beta search, evaluation, static exchange, the hash
# table, time management.
src_libengine_a_SOURCES += \
	src/search/search.h src/search/limits.h src/search/search.c \
	src/search/tt.h src/search/tt.c \
	src/search/timeman.h src/search/timeman.c \
	src/search/eval.h src/search/eval_internal.h src/search/eval.c src/search/eval_tables.c \
	src/search/see.h src/search/see.c
