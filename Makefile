# The build OpenBench (the distributed engine-testing framework) runs: `make EXE=path` builds
# the UCI engine in release mode and puts the binary at `path`. Everyone else: `cargo build
# --release -p outpost-engine` (the binary is target/release/outpost). `path bench` prints the
# bench signature, "N nodes N nps" on its last line, which OpenBench reads.

EXE ?= outpost

.PHONY: all clean

all:
	cargo build --release -p outpost-engine
	cp target/release/outpost$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)

clean:
	cargo clean
