/**
 * The store SPI: what the engine and the client need from a database, and nothing about how.
 * All lease instants are computed and compared by the database's clock; callers pass durations.
 */
package com.tudicloud.asynctask.api.spi;
