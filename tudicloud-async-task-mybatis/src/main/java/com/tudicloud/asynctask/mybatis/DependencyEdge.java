package com.tudicloud.asynctask.mybatis;

/**
 * Task {@code taskId} waits for task {@code dependsOnId}.
 *
 * @param released whether the dependency's end has counted the dependent down (it had ended at submit, or it
 *                 has ended since)
 */
public record DependencyEdge(long dependsOnId, long taskId, boolean released) {
}
