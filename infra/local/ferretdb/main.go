// Command ferretdb runs FerretDB v1 (MongoDB wire protocol) on its SQLite backend for local development and
// tests. The FerretDB CLI cannot be `go install`ed (it needs a generated version.txt), the embeddable package can.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27117", "TCP address to listen on")
	dir := flag.String("dir", "data/ferretdb", "directory of the SQLite files (one per database)")
	level := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	// Go's default GC target (GOGC=100) made FerretDB collect garbage for about 18% of its CPU under ten writers
	// (pprof): every command allocates its documents afresh. A target of 400 trades about 100 MB more memory for a
	// tenth less CPU per write (bench:real), with a soft limit so the heap stays bounded. GOGC and GOMEMLIMIT in the
	// environment still win.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}

	// FERRETDB_PPROF=127.0.0.1:6060 serves Go's profiles (/debug/pprof/profile?seconds=10): where FerretDB's CPU goes
	// under a bench's load. Off unless asked for.
	if addr := os.Getenv("FERRETDB_PPROF"); addr != "" {
		go func() { log.Print(http.ListenAndServe(addr, nil)) }()
	}

	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatal(err)
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		log.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   logger,
		Handler:  "sqlite",
		// WAL with synchronous=NORMAL: a committed write survives a crash of the server, and the WAL is synced at
		// checkpoints rather than at every commit. That is MongoDB's own default (w:1 without j: the journal is
		// flushed every 100 ms) and the embedded adapter's (better-sqlite3's WAL default); SQLite's FULL would add
		// one fsync to every command (about 5 ms on this machine's disk).
		SQLiteURL: "file:" + *dir + "/?_pragma=synchronous(normal)",
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger.Warn("FerretDB listening", "address", *listen, "dir", *dir)
	if err := f.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
