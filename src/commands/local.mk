# commands/: what the program does besides playing: bench, eval, datagen,
# tune, check, list, show.
src_libengine_a_SOURCES += \
	src/commands/bench.h src/commands/bench.c \
	src/commands/datagen.h src/commands/datagen.c src/commands/datagen_cli.c \
	src/commands/datagen_game.h src/commands/datagen_game.c \
	src/commands/datagen_file.h src/commands/datagen_file.c \
	src/commands/data_text.h src/commands/data_text.c \
	src/commands/data_cmd.h src/commands/data_cmd.c \
	src/commands/perft_suite.h src/commands/perft_suite.c \
	src/commands/variant_cmds.h src/commands/variant_cmds.c \
	src/commands/piece_probe.h src/commands/piece_probe.c \
	src/commands/show_svg.h src/commands/show_svg.c \
	src/commands/tune.h src/commands/tune.c \
	src/commands/training_data.h src/commands/training_data.c \
	src/commands/data_format.h src/commands/data_format.c \
	src/commands/data_replay.h src/commands/data_replay.c \
	src/commands/train.h src/commands/train.c src/commands/train_cli.c \
	src/commands/train_samples.h src/commands/train_samples.c \
	src/commands/train_model.h src/commands/train_model.c
