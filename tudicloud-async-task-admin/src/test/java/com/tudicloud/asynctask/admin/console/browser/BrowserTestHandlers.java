package com.tudicloud.asynctask.admin.console.browser;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskResult;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.JsonNode;

/**
 * Task types for the browser test: one that runs until it is interrupted, one that succeeds, one that
 * fails with a message, one that throws (its last error holds a stack trace; its type declares a policy).
 */
@TestConfiguration(proxyBeanMethods = false)
class BrowserTestHandlers {

    static final String BLOCK = "browser.block";
    static final String QUICK = "browser.quick";
    static final String FAIL = "browser.fail";
    static final String THROW = "browser.throw";

    static final int BLOCK_PROGRESS = 42;
    static final String BLOCK_MESSAGE = "waiting to be cancelled";
    /** Markup that must reach the page as text, never as elements. */
    static final String FAILURE = "bad input <img src=x onerror=\"document.body.dataset.pwned='yes'\"> & more";

    @Bean
    TaskHandler<JsonNode> blockingHandler() {
        return new Handler(BLOCK) {
            @Override
            public TaskResult execute(TaskContext context, JsonNode payload) throws InterruptedException {
                context.reportProgress(BLOCK_PROGRESS, BLOCK_MESSAGE);
                Thread.sleep(Long.MAX_VALUE);   // until the worker interrupts it: cancel, lost lease, shutdown
                return TaskResult.success();
            }
        };
    }

    @Bean
    TaskHandler<JsonNode> quickHandler() {
        return new Handler(QUICK) {
            @Override
            public TaskResult execute(TaskContext context, JsonNode payload) {
                return TaskResult.success("quick-" + context.taskId() + ".txt");
            }
        };
    }

    @Bean
    TaskHandler<JsonNode> failingHandler() {
        return new Handler(FAIL) {
            @Override
            public TaskResult execute(TaskContext context, JsonNode payload) {
                return TaskResult.fail(FAILURE);
            }
        };
    }

    @Bean
    TaskHandler<JsonNode> throwingHandler() {
        return new Handler(THROW) {
            @Override
            public TaskResult execute(TaskContext context, JsonNode payload) {
                throw new IllegalStateException("the report service answered 503");
            }

            @Override
            public TaskPolicy policy() {
                return TaskPolicy.builder().nonRetryable(IllegalArgumentException.class).concurrencyLimit(7).build();
            }
        };
    }

    private abstract static class Handler implements TaskHandler<JsonNode> {

        private final String type;

        Handler(String type) {
            this.type = type;
        }

        @Override
        public String taskType() {
            return type;
        }

        @Override
        public Class<JsonNode> payloadType() {
            return JsonNode.class;
        }
    }
}
