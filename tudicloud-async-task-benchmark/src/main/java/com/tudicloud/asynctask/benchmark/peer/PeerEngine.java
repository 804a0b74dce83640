package com.tudicloud.asynctask.benchmark.peer;

/** One running instance of a peer scheduler: started on GO, stopped on STOP. */
public interface PeerEngine {

    void start() throws Exception;

    /** Stops it and waits for its threads to end. */
    void stop() throws Exception;
}
