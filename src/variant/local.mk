# variant/: the variant model, plain data plus its XBetza move tables.
src_libengine_a_SOURCES += \
	src/variant/variant.h src/variant/variant.c \
	src/variant/eval_params.h src/variant/eval_params.c
