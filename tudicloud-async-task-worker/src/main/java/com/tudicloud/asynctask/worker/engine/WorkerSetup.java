package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.client.NewTaskConverter;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import io.micrometer.observation.ObservationRegistry;

import java.time.Clock;

/** What a worker is made of, fixed when it is built: the parts of each run are made from it. */
record WorkerSetup(WorkerConfig config, LeaseStore store, WorkerRegistry registry, FleetSettings fleetSettings,
                   HandlerRegistry handlers, TaskTypePolicies policies, PayloadCodec codec, AsyncTaskMetrics metrics,
                   WorkerVitals vitals, ObservationRegistry observationRegistry) {

    String workerId() {
        return config.workerId();
    }

    /** A child a handler submits is converted as the client converts a submit, with the type policies' defaults. */
    ExecutionContexts contexts(StorableValues values) {
        return new ExecutionContexts(values, new NewTaskConverter(codec, Clock.systemUTC()), policies);
    }

    WorkerObservations observations() {
        return new WorkerObservations(observationRegistry);
    }
}
