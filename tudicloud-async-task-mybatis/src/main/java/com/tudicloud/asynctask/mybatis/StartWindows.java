package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.RateLimit;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The sliding windows of a claim's rate-limited types: an exact log of each type's recent starts. Under the claim
 * row's lock the claim counts each type's starts within (now - period, now], takes at most the rest of its limit,
 * and writes one start per task it took, with the task's started_at, before it commits; the next claim counts them.
 * So the window that ends at any start holds at most the limit, and so does every window: one without a start at
 * its end holds no more than the window ending at its last start.
 *
 * <p>Costs, per claim and only for claims of rate-limited types: one count; when it took such tasks, one multi-row
 * INSERT and one DELETE of at most twice as many starts that left their window, which keeps each type's log about
 * as long as its limit.
 */
final class StartWindows {

    static final StartWindows NONE = new StartWindows(Map.of(), Map.of());

    private final Map<String, RateLimit> rates;
    private final Map<String, StartWindow> counted;

    private StartWindows(Map<String, RateLimit> rates, Map<String, StartWindow> counted) {
        this.rates = rates;
        this.counted = counted;
    }

    /** Counts the window of each rate-limited type of the request, in one statement; none when it has none. */
    static StartWindows count(SystemAsyncTaskStartMapper mapper, ClaimRequest request) {
        Map<String, RateLimit> rates = new HashMap<>(request.limits().rates());
        rates.keySet().retainAll(request.taskTypes());
        if (rates.isEmpty()) {
            return NONE;
        }
        Map<String, StartWindow> counted = mapper.countWindows(bounds(rates)).stream()
                .collect(Collectors.toMap(StartWindow::taskType, window -> window));
        return new StartWindows(rates, counted);
    }

    /** How many more tasks of the type the claim may start: unbounded for a type without a rate limit. */
    long room(String taskType) {
        RateLimit rate = rates.get(taskType);
        return rate == null ? Long.MAX_VALUE : rate.starts() - started(taskType);
    }

    /**
     * Records the starts of the rate-limited tasks the claim took and prunes starts that left their window; then
     * tells the claimer of each type whose window had less room than the claim asked for and it took all of it.
     */
    void started(SystemAsyncTaskStartMapper mapper, ClaimRequest request, List<ClaimCandidate> taken) {
        if (rates.isEmpty()) {
            return;
        }
        List<Long> limited = taken.stream().filter(task -> rates.containsKey(task.taskType()))
                .map(ClaimCandidate::id).toList();
        if (!limited.isEmpty()) {
            mapper.insertStarts(limited);
            mapper.pruneStarts(bounds(rates), 2 * limited.size());
        }
        Map<String, Long> takenOfType = taken.stream()
                .collect(Collectors.groupingBy(ClaimCandidate::taskType, Collectors.counting()));
        rates.forEach((type, rate) -> {
            long room = room(type);
            if (room < request.maxTasks() && takenOfType.getOrDefault(type, 0L) >= room) {
                request.rateHolds().heldBack(type, freesIn(type, rate));
            }
        });
    }

    /** When the oldest start in the window leaves it; a window the claim began frees when its first start leaves. */
    private Duration freesIn(String taskType, RateLimit rate) {
        StartWindow window = counted.get(taskType);
        Duration age = window == null ? Duration.ZERO : Duration.ofNanos(window.oldestAgeMicros() * 1000);
        Duration left = rate.period().minus(age);
        return left.isNegative() ? Duration.ZERO : left;
    }

    private long started(String taskType) {
        StartWindow window = counted.get(taskType);
        return window == null ? 0 : window.started();
    }

    private static List<WindowBound> bounds(Map<String, RateLimit> rates) {
        return rates.entrySet().stream()
                .map(rate -> new WindowBound(rate.getKey(), DatabaseDurations.microsAgo(rate.getValue().period())))
                .sorted(Comparator.comparing(WindowBound::taskType)).toList();
    }
}
