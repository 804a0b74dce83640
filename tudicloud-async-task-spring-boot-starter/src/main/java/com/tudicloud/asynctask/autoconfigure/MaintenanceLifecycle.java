package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Starts the application's {@link MaintenanceService} beans with it, and stops them with it, in reverse order. */
public final class MaintenanceLifecycle implements SmartLifecycle {

    private final ObjectProvider<MaintenanceService> services;
    private volatile List<MaintenanceService> started;

    public MaintenanceLifecycle(ObjectProvider<MaintenanceService> services) {
        this.services = services;
    }

    @Override
    public void start() {
        List<MaintenanceService> all = services.orderedStream().toList();
        all.forEach(MaintenanceService::start);
        started = all;
    }

    @Override
    public void stop() {
        List<MaintenanceService> all = started;
        started = null;
        if (all != null) {
            List<MaintenanceService> lastFirst = new ArrayList<>(all);
            Collections.reverse(lastFirst);
            lastFirst.forEach(MaintenanceService::stop);
        }
    }

    @Override
    public boolean isRunning() {
        return started != null;
    }
}
