package com.tudicloud.asynctask.benchmark.peer.jobrunr;

import org.jobrunr.jobs.lambdas.JobRequest;
import org.jobrunr.jobs.lambdas.JobRequestHandler;

import java.util.concurrent.atomic.LongAdder;

/** JobRunr's form of the no-op task: a job request without data, whose handler counts its executions. */
public final class NoopJobRequest implements JobRequest {

    @Override
    public Class<Handler> getJobRequestHandler() {
        return Handler.class;
    }

    /** The handler a node's job activator hands out, one per engine. */
    public static final class Handler implements JobRequestHandler<NoopJobRequest> {

        private final LongAdder executions;

        Handler(LongAdder executions) {
            this.executions = executions;
        }

        @Override
        public void run(NoopJobRequest request) {
            executions.increment();
        }
    }
}
