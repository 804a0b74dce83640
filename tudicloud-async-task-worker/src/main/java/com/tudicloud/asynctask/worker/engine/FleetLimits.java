package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.RateLimit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The fleet's caps on leased tasks and rate limits for this worker's types, as the database holds them, so that every
 * worker obeys the same caps whatever its own settings say. The caps this worker's settings declare are
 * written first (the last worker to start sets a cap for all); then the caps are read at most once per
 * refresh interval, and at most once per poll round since only the poller asks. Until the first read has
 * succeeded the poller does not claim: its round fails as a claim would while the database is away.
 */
final class FleetLimits {

    private static final Logger log = LoggerFactory.getLogger(FleetLimits.class);

    private final FleetSettings settings;
    private final Set<String> taskTypes;
    private final ConcurrencyLimits declared;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private boolean declaredWritten;
    private ConcurrencyLimits current;
    private long readAt;

    FleetLimits(FleetSettings settings, Set<String> taskTypes, ConcurrencyLimits declared, Duration refreshInterval,
                LongSupplier nanoTime) {
        this.settings = settings;
        this.taskTypes = Set.copyOf(taskTypes);
        this.declared = declared;
        this.refreshNanos = refreshInterval.toNanos();
        this.nanoTime = nanoTime;
    }

    /** The caps to claim under; reads them again when the last read is a refresh interval old. */
    ConcurrencyLimits current() {
        long now = nanoTime.getAsLong();
        if (current != null && now - readAt < refreshNanos) {
            return current;
        }
        try {
            if (!declaredWritten) {
                writeDeclared();
            }
            current = settings.concurrencyLimits(taskTypes);
            readAt = now;
        } catch (RuntimeException e) {
            if (current == null) {
                throw e;
            }
            log.warn("Could not read the fleet's concurrency limits, keeping the last ones read: {}", e.toString());
            readAt = now;
        }
        return current;
    }

    private void writeDeclared() {
        if (!declared.isNone()) {
            Set<String> types = new HashSet<>(declared.perType().keySet());
            types.addAll(declared.perKey().keySet());
            types.addAll(declared.rates().keySet());
            types.addAll(declared.fair());
            ConcurrencyLimits before = settings.concurrencyLimits(types);
            settings.setConcurrencyLimits(declared);
            logReplaced(before);
        }
        declaredWritten = true;
    }

    private void logReplaced(ConcurrencyLimits before) {
        if (declared.global() > 0 && before.global() != declared.global()) {
            log.info("Fleet-wide limit on leased tasks set to {} by this worker's async-task.worker.global-limit "
                    + "(was {})", declared.global(), before.global() == 0 ? "none" : before.global());
        }
        for (Map.Entry<String, Integer> limit : declared.perType().entrySet()) {
            Integer was = before.perType().get(limit.getKey());
            if (!limit.getValue().equals(was)) {
                log.info("Fleet-wide limit on leased tasks of type {} set to {} by this worker's "
                        + "async-task.worker.type-limits or the type's concurrency limit (was {})", limit.getKey(), limit.getValue(),
                        was == null ? "none" : was);
            }
        }
        for (Map.Entry<String, Integer> limit : declared.perKey().entrySet()) {
            Integer was = before.perKey().get(limit.getKey());
            if (!limit.getValue().equals(was)) {
                log.info("Fleet-wide limit on leased tasks of each key of type {} set to {} by this worker's "
                        + "key concurrency of the type (was {})", limit.getKey(), limit.getValue(), was == null ? "none" : was);
            }
        }
        declared.fair().stream().filter(type -> !before.fair().contains(type)).sorted().forEach(type -> log.info(
                "Claims of type {} take its tasks across its keys in turn, set fair by this worker's policy of the type",
                type));
        for (Map.Entry<String, RateLimit> limit : declared.rates().entrySet()) {
            RateLimit was = before.rates().get(limit.getKey());
            if (!limit.getValue().equals(was)) {
                log.info("Fleet-wide rate limit of type {} set to {} starts per {} by this worker's rate limit of the "
                        + "type (was {})", limit.getKey(), limit.getValue().starts(), limit.getValue().period(),
                        was == null ? "none" : was.starts() + " per " + was.period());
            }
        }
    }
}
