package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.report.Result;

import java.util.List;

/** One benchmark scenario: prepares its tables, measures, and reports one result per variant. */
public interface Scenario {

    String name();

    List<Result> run(BenchContext context) throws Exception;
}
