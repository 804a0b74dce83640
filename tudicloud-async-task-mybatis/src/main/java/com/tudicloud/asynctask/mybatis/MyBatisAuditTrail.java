package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.AuditEntry;
import com.tudicloud.asynctask.api.spi.AuditQuery;
import com.tudicloud.asynctask.api.spi.AuditTrail;

import java.time.Duration;
import java.util.List;

/** The audit trail on MyBatis: one INSERT per record, autocommitted unless the caller has a transaction. */
final class MyBatisAuditTrail implements AuditTrail {

    private final SystemAsyncTaskAuditMapper mapper;
    private final ReadCommittedStatements readCommitted;

    MyBatisAuditTrail(SystemAsyncTaskAuditMapper mapper, ReadCommittedStatements readCommitted) {
        this.mapper = mapper;
        this.readCommitted = readCommitted;
    }

    @Override
    public void record(AuditEntry entry) {
        mapper.insert(entry);
    }

    @Override
    public List<AuditEntry> search(AuditQuery query) {
        return mapper.search(query);
    }

    @Override
    public String submitterOf(long taskId) {
        return mapper.selectSubmitter(taskId);
    }

    /** At READ COMMITTED: the range it walks on the time index is not gap-locked, so inserts do not wait for it. */
    @Override
    public int deleteOlderThan(Duration age, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1: " + limit);
        }
        return readCommitted.run(() -> mapper.deleteOlderThan(DatabaseDurations.microsAgo(age), limit));
    }
}
