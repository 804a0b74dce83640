package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.timeline.FinishedMinutes;
import com.tudicloud.asynctask.console.timeline.QueueSamples;
import com.tudicloud.asynctask.api.spi.QueueSample;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;

@RestController
@RequestMapping(path = "/api/stats", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Operations")
public class TimelineController {

    @Schema(name = "Timeline")
    public record TimelineJson(
            @Schema(description = "the minutes covered, the current one included", example = "60") int minutes,
            @Schema(description = "the database's clock when it was read; the last minute is the one holding it") Instant now,
            @Schema(description = "tasks finished per minute by outcome, one entry per minute, oldest first")
            List<FinishedMinuteJson> finished,
            @Schema(description = "the queue as this admin instance sampled it, oldest first; it keeps an hour "
                    + "in memory, from its start") List<QueueSampleJson> queue,
            @Schema(description = "seconds between two queue samples", example = "10") long queueSampleSeconds) {
    }

    @Schema(name = "FinishedMinute")
    public record FinishedMinuteJson(@Schema(description = "the minute's start") Instant minute, long success,
                                     long failed, long cancelled) {
    }

    @Schema(name = "QueueSample")
    public record QueueSampleJson(Instant at, @Schema(description = "QUEUED tasks that were due") long due,
                                  @Schema(description = "RUNNING and CANCEL_REQUESTED tasks") long running) {
    }

    private final FinishedMinutes finishedMinutes;
    private final QueueSamples queueSamples;

    public TimelineController(FinishedMinutes finishedMinutes, QueueSamples queueSamples) {
        this.finishedMinutes = finishedMinutes;
        this.queueSamples = queueSamples;
    }

    @GetMapping("/timeline")
    @Operation(summary = "Throughput and queue over time", description = "Tasks finished per minute by outcome, "
            + "and the due and leased tasks as this admin instance sampled them, over the last minutes.")
    public TimelineJson timeline(
            @Parameter(description = "how many minutes back, the current one included: 1 to 60", example = "60")
            @RequestParam(defaultValue = "60") @Min(1) @Max(FinishedMinutes.MAX_MINUTES) int minutes) {
        FinishedMinutes.Window window = finishedMinutes.last(minutes);
        Instant since = window.minutes().get(0).start();
        return new TimelineJson(minutes, window.databaseNow(),
                window.minutes().stream().map(m -> new FinishedMinuteJson(m.start(), m.success(), m.failed(),
                        m.cancelled())).toList(),
                queueSamples.since(since).stream().map(TimelineController::toJson).toList(),
                queueSamples.interval().toSeconds());
    }

    private static QueueSampleJson toJson(QueueSample sample) {
        return new QueueSampleJson(sample.at(), sample.due(), sample.running());
    }
}
