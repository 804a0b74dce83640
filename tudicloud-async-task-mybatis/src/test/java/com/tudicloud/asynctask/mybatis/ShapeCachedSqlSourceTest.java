package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.testing.H2TestDatabase;
import org.apache.ibatis.binding.MapperMethod;
import org.apache.ibatis.mapping.BoundSql;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.mapping.ParameterMapping;
import org.apache.ibatis.reflection.MetaObject;
import org.apache.ibatis.session.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A statement rendered once per shape binds each call's own values where a fresh rendering would: the
 * same SQL text, the same value at every placeholder, for calls whose lists have the same sizes and
 * different contents. A call of another shape is rendered on its own.
 */
class ShapeCachedSqlSourceTest {

    private static final String NAMESPACE = "com.tudicloud.asynctask.mybatis.SystemAsyncTaskMapper.";

    @ParameterizedTest
    @ValueSource(strings = {"mysql", "h2"})
    void aReusedRenderingBindsTheValuesAFreshOneWould(String databaseId) {
        Configuration reusing = MyBatisStores.configuration(H2TestDatabase.get(), databaseId);

        for (int size : new int[] {1, 3, 40}) {
            for (int call = 0; call < 3; call++) {
                long base = 1000L * size + 100L * call;
                List<Completion> completions = completions(base, size, call == 2);
                assertSameAsFresh(reusing, databaseId, "markSucceeded", params("workerId", "w-" + call,
                        "leases", completions, "withArtifacts", call == 2,
                        "reported", new CompletionGroup(completions).getReported(), "noDependents", call != 1));
                assertSameAsFresh(reusing, databaseId, "markClaimed", params(
                        "ids", ids(base, size), "workerId", "w-" + call, "leaseMicros", 60_000_000L + call));
                assertSameAsFresh(reusing, databaseId, "queueDueScheduled", params("ids", ids(base, size)));
                assertSameAsFresh(reusing, databaseId, "selectClaimCandidates", params("branches", branches(call, size), "lockLimit", 16 + call));
                assertSameAsFresh(reusing, databaseId, "probeQueue", params("dueTypes", types(call, size)));
            }
        }
        ShapeCachedSqlSource claims = (ShapeCachedSqlSource) reusing.getMappedStatement(NAMESPACE + "markSucceeded").getSqlSource();
        assertThat(claims.shapes()).as("one per size and set of flags").isEqualTo(9);
    }

    private static void assertSameAsFresh(Configuration reusing, String databaseId, String statement,
                                          MapperMethod.ParamMap<Object> params) {
        BoundSql reused = reusing.getMappedStatement(NAMESPACE + statement).getBoundSql(params);
        MappedStatement fresh = MyBatisStores.configuration(H2TestDatabase.get(), databaseId)
                .getMappedStatement(NAMESPACE + statement);
        BoundSql rendered = fresh.getBoundSql(params);

        assertThat(reused.getSql()).as(statement).isEqualTo(rendered.getSql());
        assertThat(values(reusing, reused)).as("values bound by %s", statement).isEqualTo(values(reusing, rendered))
                .hasSize(rendered.getParameterMappings().size());
        if (reused instanceof ShapeCachedSqlSource.BoundValues read) {
            List<Object> set = new ArrayList<>();
            for (int i = 0; i < reused.getParameterMappings().size(); i++) {
                set.add(read.valueAt(i));
            }
            assertThat(set).as("values read ahead by %s", statement).isEqualTo(values(reusing, rendered));
        }
    }

    /** What the parameter handler would set, placeholder by placeholder. */
    private static List<Object> values(Configuration configuration, BoundSql bound) {
        MetaObject parameter = configuration.newMetaObject(bound.getParameterObject());
        List<Object> values = new ArrayList<>();
        for (ParameterMapping mapping : bound.getParameterMappings()) {
            String property = mapping.getProperty();
            values.add(bound.hasAdditionalParameter(property) ? bound.getAdditionalParameter(property)
                    : parameter.getValue(property));
        }
        return values;
    }

    private static MapperMethod.ParamMap<Object> params(Object... namesAndValues) {
        MapperMethod.ParamMap<Object> params = new MapperMethod.ParamMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            params.put((String) namesAndValues[i], namesAndValues[i + 1]);
            params.put("param" + (i / 2 + 1), namesAndValues[i + 1]);
        }
        return params;
    }

    private static List<Completion> completions(long base, int size, boolean withArtifacts) {
        List<Completion> completions = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            Completion success = Completion.succeeded(base + i, 7 + i, withArtifacts ? "artifact-" + (base + i) : null);
            completions.add(withArtifacts && i % 2 == 0 ? success.withProgress(i % 101, "step " + i) : success);
        }
        return completions;
    }

    private static List<Long> ids(long base, int size) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            ids.add(base + i);
        }
        return ids;
    }

    private static List<ClaimBranch> branches(int call, int size) {
        List<ClaimBranch> branches = new ArrayList<>();
        for (int i = 0; i < Math.min(size, 5); i++) {
            branches.add(new ClaimBranch("type-" + call + "-" + i, 16 + call, 32 + call));
        }
        return branches;
    }

    private static LinkedHashSet<String> types(int call, int size) {
        LinkedHashSet<String> types = new LinkedHashSet<>();
        for (int i = 0; i < size; i++) {
            types.add("type-" + call + "-" + i);
        }
        return types;
    }
}
