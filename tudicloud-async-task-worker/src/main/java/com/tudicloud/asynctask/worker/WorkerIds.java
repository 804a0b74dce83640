package com.tudicloud.asynctask.worker;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.UUID;

/** Worker ids that tell an operator where a lease holder runs: host, process id and a random part. */
public final class WorkerIds {

    private WorkerIds() {
    }

    public static String generate() {
        String random = UUID.randomUUID().toString().substring(0, 8);
        return hostName() + ":" + ProcessHandle.current().pid() + ":" + random;
    }

    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return ManagementFactory.getRuntimeMXBean().getName();
        }
    }
}
