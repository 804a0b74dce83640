package com.tudicloud.asynctask.benchmark.jvm;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.DbCoordinates;
import com.tudicloud.asynctask.benchmark.db.Pools;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;

/**
 * A service that submits {@value NoopHandler#TYPE} tasks and runs no worker: on GO it submits
 * {@code --rate} tasks a second for {@code --seconds}, one call each, reports PRODUCED n and exits.
 */
public final class ProducerMain {

    private ProducerMain() {
    }

    public static void main(String[] argv) {
        Args args = Args.parse(argv);
        ParentLink parent = new ParentLink();
        try (HikariDataSource pool = Pools.open(DbCoordinates.from(args), "producer", 2)) {
            TaskFeed feed = new TaskFeed(new BenchEngine(pool).client(), NoopHandler.TYPE);
            parent.report(ParentLink.READY);
            parent.await(ParentLink.GO);
            int produced = feed.submitAtRate(args.integer("rate", 200), Duration.ofSeconds(args.integer("seconds", 20)));
            parent.report(ParentLink.PRODUCED + " " + produced);
        }
    }
}
