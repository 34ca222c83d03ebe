# util/: what every layer may use: the checked number reader and
# compiler-style diagnostics.
src_libengine_a_SOURCES += \
	src/util/number.h src/util/number.c \
	src/util/diag.h src/util/diag.c
