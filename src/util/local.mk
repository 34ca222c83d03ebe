# util/: what every layer may use: the checked number reader,
# compiler-style diagnostics, allocation that exits when memory runs out,
# the SVG writer of the pictures.
src_libengine_a_SOURCES += \
	src/util/number.h src/util/number.c \
	src/util/diag.h src/util/diag.c \
	src/util/alloc.h src/util/alloc.c \
	src/util/svg.h src/util/svg.c
