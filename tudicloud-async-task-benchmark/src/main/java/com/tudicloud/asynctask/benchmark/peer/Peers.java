package com.tudicloud.asynctask.benchmark.peer;

import com.tudicloud.asynctask.benchmark.peer.dbscheduler.DbSchedulerPeer;
import com.tudicloud.asynctask.benchmark.peer.dbscheduler.DbSchedulerPolling;
import com.tudicloud.asynctask.benchmark.peer.jobrunr.JobRunrPeer;
import com.tudicloud.asynctask.benchmark.peer.quartz.QuartzPeer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The peers a run compares the engine with, by name, and each one's set-ups. */
public final class Peers {

    public static final List<String> NAMES = List.of(DbSchedulerPeer.NAME, QuartzPeer.NAME, JobRunrPeer.NAME);

    private Peers() {
    }

    /**
     * The peers named, in the order of {@link #NAMES}: db-scheduler once per polling strategy given,
     * the others in their one set-up.
     */
    public static List<PeerSystem> select(List<String> names, List<DbSchedulerPolling> pollings) {
        List<String> unknown = names.stream().filter(name -> !NAMES.contains(name)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown peer " + unknown + "; known: " + NAMES);
        }
        List<PeerSystem> peers = new ArrayList<>();
        if (names.contains(DbSchedulerPeer.NAME)) {
            pollings.forEach(polling -> peers.add(new DbSchedulerPeer(polling)));
        }
        if (names.contains(QuartzPeer.NAME)) {
            peers.add(new QuartzPeer());
        }
        if (names.contains(JobRunrPeer.NAME)) {
            peers.add(new JobRunrPeer());
        }
        return peers;
    }

    /** The peer a peer JVM runs, from its {@code --system} and {@code --variant}. */
    public static PeerSystem of(String name, String variant) {
        return select(List.of(name), Arrays.stream(DbSchedulerPolling.values()).toList()).stream()
                .filter(peer -> peer.variant().equals(variant)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown set-up '" + variant + "' of " + name));
    }
}
