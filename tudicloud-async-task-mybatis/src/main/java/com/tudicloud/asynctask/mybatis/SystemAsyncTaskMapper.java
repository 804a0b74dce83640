package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.QueueProbe;
import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import org.apache.ibatis.annotations.Param;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/** The statements on {@code system_async_task}; the SQL is in SystemAsyncTaskMapper.xml beside this type. */
interface SystemAsyncTaskMapper {

    int insertTasks(List<InsertableTask> tasks);

    Long selectIdByDedupKey(@Param("taskType") String taskType, @Param("dedupKey") String dedupKey);

    TaskView selectById(@Param("id") long id);

    List<TaskView> selectByOwner(@Param("ownerId") String ownerId, @Param("statuses") Collection<TaskStatus> statuses,
                                 @Param("limit") int limit);

    int cancelQueued(@Param("id") long id);

    int requestCancelOfRunning(@Param("id") long id);

    TaskStatus selectStatus(@Param("id") long id);

    Long selectBatchId(@Param("id") long id);

    int lockClaimRow(@Param("workerId") String workerId, @Param("overdueMicros") long overdueMicros);

    boolean hasClaimRow();

    List<TypeCount> countLeasedByType();

    List<TypeKeyCount> countLeasedByTypeAndKey();

    List<String> selectKeysFirstInClaimOrder(@Param("taskType") String taskType, @Param("limit") int limit);

    List<ClaimCandidate> selectClaimCandidates(@Param("branches") List<ClaimBranch> branches,
                                               @Param("lockLimit") int lockLimit);

    List<ClaimCandidate> selectKeyedClaimCandidates(@Param("branches") List<ClaimBranch> branches,
                                                    @Param("lockLimit") int lockLimit);

    QueueProbe probeQueue(@Param("dueTypes") Set<String> dueTypes);

    int markClaimed(@Param("ids") List<Long> ids, @Param("workerId") String workerId,
                    @Param("leaseMicros") long leaseMicros);

    int queueDueScheduled(@Param("ids") List<Long> ids);

    int renewLeases(@Param("workerId") String workerId, @Param("leases") List<LeaseRenewal> leases,
                    @Param("leaseMicros") long leaseMicros, @Param("withProgress") boolean withProgress);

    List<Long> selectCancelRequested(@Param("workerId") String workerId);

    List<LeaseRow> selectLeaseStates(@Param("leases") List<LeaseRenewal> leases);

    int markSucceeded(@Param("workerId") String workerId, @Param("leases") List<Completion> completions,
                      @Param("withArtifacts") boolean withArtifacts,
                      @Param("reported") List<CompletionGroup.Reported> reported,
                      @Param("noDependents") boolean noDependents);

    int markCompleted(@Param("workerId") String workerId, @Param("leases") List<Completion> completions,
                      @Param("g") CompletionGroup group);

    int markUnstorable(@Param("workerId") String workerId, @Param("leases") List<Completion> completion,
                       @Param("reason") String reason);

    void readCommittedForNextTransaction();

    Set<Long> selectHeldWithDependents(@Param("workerId") String workerId, @Param("leases") List<Completion> completions);

    Set<Long> selectWrittenCompletions(@Param("workerId") String workerId, @Param("leases") List<Completion> completions);

    List<ExpiredLease> selectExpiredLeases(@Param("limit") int limit);

    int requeueExpired(@Param("ids") List<Long> ids);

    int failExpired(@Param("ids") List<Long> ids);

    int cancelExpired(@Param("ids") List<Long> ids);

    List<TaskView> search(@Param("q") TaskQuery query);

    /** How many tasks match, counting {@code limit} at most. */
    long countMatchingUpTo(@Param("q") TaskQuery query, @Param("limit") long limit);

    /** Per status and type, counting at most {@code limit} tasks of each status. */
    List<StatusTypeCount> countByStatusAndTypeUpTo(@Param("statuses") List<TaskStatus> statuses, @Param("limit") long limit);

    OldestDue selectOldestDueQueued();

    long countExpiredLeases();

    List<FinishedMinuteRow> countFinishedPerMinute(@Param("minutes") int minutes);

    QueueSample sampleQueue();

    List<QueueDepthRow> queueDepth();

    int requeueFinished(@Param("id") long id);

    List<Long> selectFinished(@Param("status") TaskStatus status, @Param("ageMicrosAgo") long ageMicrosAgo, @Param("limit") int limit);

    int deleteFinishedAmong(@Param("status") TaskStatus status, @Param("ageMicrosAgo") long ageMicrosAgo,
                            @Param("ids") List<Long> ids);

    IdRange selectIdRange();

    List<MatchedTask> lockRange(@Param("f") TaskFilter filter, @Param("from") long from, @Param("to") long to);

    /** @param ids null: every matching row of the range */
    int requeueRange(@Param("f") TaskFilter filter, @Param("from") long from, @Param("to") long to,
                     @Param("ids") List<Long> ids);

    int cancelWaitingRange(@Param("f") TaskFilter filter, @Param("from") long from, @Param("to") long to,
                           @Param("ids") List<Long> ids);

    int requestCancelRange(@Param("f") TaskFilter filter, @Param("from") long from, @Param("to") long to,
                           @Param("ids") List<Long> ids);

    List<TypeCount> countFinishedByType(@Param("minutes") int minutes);

    /** Fails while the table is missing; reads no row. */
    int probeTable();
}
