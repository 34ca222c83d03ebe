# Search, evaluation, time management, bench (the search component).
src_libengine_a_SOURCES += \
	src/search.h src/search.c \
	src/tt.h src/tt.c \
	src/timeman.h src/timeman.c \
	src/eval.h src/eval.c \
	src/see.h src/see.c \
	src/bench.h src/bench.c
