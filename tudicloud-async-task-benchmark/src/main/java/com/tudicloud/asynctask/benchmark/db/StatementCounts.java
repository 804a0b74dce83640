package com.tudicloud.asynctask.benchmark.db;

/**
 * What {@link StatementCounter} counted: statements sent, of them SELECTs, writes (INSERT, UPDATE,
 * DELETE), COMMITs, ROLLBACKs and SETs, and the commits that wrote (transactions made durable).
 */
public record StatementCounts(long statements, long selects, long writes, long commits, long writeCommits,
                              long rollbacks, long sets) {

    /** e.g. {@code statements=120 selects=40 ...}, the form of a child JVM's report. */
    public String toReport() {
        return "statements=" + statements + " selects=" + selects + " writes=" + writes + " commits=" + commits
                + " write_commits=" + writeCommits + " rollbacks=" + rollbacks + " sets=" + sets;
    }

    /** {@code count} SELECTs and nothing else, e.g. the server's own readings of its counters. */
    public static StatementCounts ofSelects(long count) {
        return new StatementCounts(count, count, 0, 0, 0, 0, 0);
    }

    public StatementCounts minus(StatementCounts earlier) {
        return new StatementCounts(statements - earlier.statements, selects - earlier.selects, writes - earlier.writes,
                commits - earlier.commits, writeCommits - earlier.writeCommits, rollbacks - earlier.rollbacks,
                sets - earlier.sets);
    }
}
