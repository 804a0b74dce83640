package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.client.AfterCommit;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** After the caller's Spring transaction commits, when a submit ran in one; at once otherwise. */
final class SpringAfterCommit implements AfterCommit {

    @Override
    public void run(Runnable action) {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    action.run();
                }
            });
        } else {
            action.run();
        }
    }
}
