package com.tudicloud.asynctask.mybatis;

/**
 * The starts of one type within its rate window, as a claim counted them.
 *
 * @param oldestAgeMicros how long ago, by the database's clock, the oldest of them started
 */
public record StartWindow(String taskType, long started, long oldestAgeMicros) {
}
