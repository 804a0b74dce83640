package com.tudicloud.asynctask.api.spi;

/**
 * One lease to renew, with the progress its handler last reported.
 *
 * @param progress        0..100, or {@code null} when the handler reported nothing
 * @param progressMessage a short note, or {@code null}
 */
public record LeaseRenewal(long taskId, long leaseToken, Integer progress, String progressMessage) {
}
