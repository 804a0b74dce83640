package com.tudicloud.asynctask.admin.api.json;

import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;

/**
 * Schemas springdoc cannot derive itself. It does not know Jackson 3's JsonNode and would document a
 * payload as an object of its getters (array, empty, float, ...); a payload is any JSON value, which
 * the empty schema says.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiSchemas {

    static {
        SpringDocUtils.getConfig().replaceWithSchema(JsonNode.class, new Schema<>());
    }
}
