# commands/: what the program does besides playing: bench, eval, datagen,
# tune, check, list, show.
src_libengine_a_SOURCES += \
	src/commands/bench.h src/commands/bench.c \
	src/commands/datagen.h src/commands/datagen.c \
	src/commands/perft_suite.h src/commands/perft_suite.c \
	src/commands/variant_cmds.h src/commands/variant_cmds.c \
	src/commands/tune.h src/commands/tune.c \
	src/commands/training_data.h src/commands/training_data.c \
	src/commands/train.h src/commands/train.c
