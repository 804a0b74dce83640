package com.example.orders;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class OrderRepository {

    private final JdbcClient jdbc;

    public OrderRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void save(Order order) {
        jdbc.sql("INSERT INTO orders (id, customer_id) VALUES (?, ?)")
                .params(order.id(), order.customerId())
                .update();
    }
}
