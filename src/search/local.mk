# search/: the alpha-beta search (tree, move picker, history, one run, the
# Search object, Lazy SMP helpers), evaluation, static exchange, the hash
# table, time management.
src_libengine_a_SOURCES += \
	src/search/search.h src/search/limits.h src/search/search_internal.h \
	src/search/search.c src/search/run.c src/search/control.c src/search/smp.c \
	src/search/movepick.h src/search/movepick.c src/search/moveutil.h \
	src/search/history.h src/search/history.c \
	src/search/corrhist.h src/search/corrhist.c \
	src/search/tt.h src/search/tt.c \
	src/search/timeman.h src/search/timeman.c \
	src/search/eval.h src/search/eval_internal.h src/search/eval.c src/search/eval_tables.c \
	src/search/eval_net.c \
	src/search/see.h src/search/see.c \
	src/search/skill.h src/search/skill.c
