package com.tudicloud.asynctask.api.spi;

/** What a renewal found for one task. */
public enum LeaseState {
    /** Still ours and renewed. */
    HELD,
    /** Still ours and renewed, but an operator asked to cancel. */
    CANCEL_REQUESTED,
    /** Expired, recovered, finished or re-claimed: stop and write nothing. */
    LOST
}
