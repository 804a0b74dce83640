package com.example.orders;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class OrderService {

    private final OrderRepository orders;
    private final AsyncTaskClient tasks;

    public OrderService(OrderRepository orders, AsyncTaskClient tasks) {
        this.orders = orders;
        this.tasks = tasks;
    }

    /** The order and its export commit together, or neither does. */
    @Transactional
    public long placeOrder(Order order) {
        orders.save(order);
        return tasks.submit(TaskRequest.of("report.export", new ExportRequest(order.id(), 3))
                .withOwnerId(order.customerId())
                .withDedupKey("export-" + order.id())).taskId();
    }
}
