// Stands in for relay-runtime's LiveResolverCache in the build (build/librarySubstitutes.ts): that cache serves Relay Resolvers
// (fields computed on the client), which Tidings does not use, and weighs 2 KB of the first screen. With no resolver
// fields, Relay's store calls only the methods below, each of which then has nothing to do; reading a resolver field
// would fail loudly. substitutes.test.ts checks that these are the cache's public methods.
export class LiveResolverCache {
  constructor(_getRecordSource, store) {
    this._store = store;
  }

  readFromCacheOrEvaluate() {
    throw new Error('Relay Resolvers are not part of this build (src/substitutes/LiveResolverCache.js)');
  }

  ensureClientRecord() {
    throw new Error('Relay Resolvers are not part of this build (src/substitutes/LiveResolverCache.js)');
  }

  getLiveResolverPromise() {
    throw new Error('Relay Resolvers are not part of this build (src/substitutes/LiveResolverCache.js)');
  }

  batchLiveStateUpdates(callback) {
    callback();
  }

  batchLiveStateUpdatesWithoutNotify(callback) {
    callback();
    return false;
  }

  notifyUpdatedSubscribers(updatedDataIDs) {
    this._store.__notifyUpdatedSubscribers(updatedDataIDs);
  }

  invalidateDataIDs() {}

  unsubscribeFromLiveResolverRecords() {}

  invalidateResolverRecords() {}
}
