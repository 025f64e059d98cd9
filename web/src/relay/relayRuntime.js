// What the app and react-relay's hooks read of relay-runtime, each from its own module. relay-runtime's index is
// CommonJS, so importing it takes every module it lists (legacy containers' resolvers, experimental observers, the
// response cache...); vite.config.ts points the bare 'relay-runtime' here in the build.
import GraphQLTag from 'relay-runtime/lib/query/GraphQLTag';
import PreloadableQueryRegistry from 'relay-runtime/lib/query/PreloadableQueryRegistry';
import fetchQueryInternal from 'relay-runtime/lib/query/fetchQueryInternal';
import ConnectionHandler from 'relay-runtime/lib/handlers/connection/ConnectionHandler';
import ConnectionInterface from 'relay-runtime/lib/handlers/connection/ConnectionInterface';
import RelayNetwork from 'relay-runtime/lib/network/RelayNetwork';
import RelayObservable from 'relay-runtime/lib/network/RelayObservable';
import RelayModernEnvironment from 'relay-runtime/lib/store/RelayModernEnvironment';
import RelayModernOperationDescriptor from 'relay-runtime/lib/store/RelayModernOperationDescriptor';
import RelayModernRecord from 'relay-runtime/lib/store/RelayModernRecord';
import RelayModernSelector from 'relay-runtime/lib/store/RelayModernSelector';
import RelayModernStore from 'relay-runtime/lib/store/RelayModernStore';
import RelayOperationTracker from 'relay-runtime/lib/store/RelayOperationTracker';
import RelayRecordSource from 'relay-runtime/lib/store/RelayRecordSource';
import RelayStoreUtils from 'relay-runtime/lib/store/RelayStoreUtils';
import createRelayContext from 'relay-runtime/lib/store/createRelayContext';
import createRelayLoggingContext from 'relay-runtime/lib/store/createRelayLoggingContext';
import defaultGetDataID from 'relay-runtime/lib/store/defaultGetDataID';
import normalizeResponse from 'relay-runtime/lib/store/normalizeResponse';
import readInlineData from 'relay-runtime/lib/store/readInlineData';
import applyOptimisticMutation from 'relay-runtime/lib/mutations/applyOptimisticMutation';
import commitLocalUpdate from 'relay-runtime/lib/mutations/commitLocalUpdate';
import commitMutation from 'relay-runtime/lib/mutations/commitMutation';
import fetchQuery from 'relay-runtime/lib/query/fetchQuery';
import requestSubscription from 'relay-runtime/lib/subscription/requestSubscription';
import RelayFeatureFlags from 'relay-runtime/lib/util/RelayFeatureFlags';
import RelayReplaySubject from 'relay-runtime/lib/util/RelayReplaySubject';
import getFragmentIdentifier from 'relay-runtime/lib/util/getFragmentIdentifier';
import getPaginationMetadata from 'relay-runtime/lib/util/getPaginationMetadata';
import getPaginationVariables from 'relay-runtime/lib/util/getPaginationVariables';
import getPendingOperationsForFragment from 'relay-runtime/lib/util/getPendingOperationsForFragment';
import getRefetchMetadata from 'relay-runtime/lib/util/getRefetchMetadata';
import getRequestIdentifier from 'relay-runtime/lib/util/getRequestIdentifier';
import getValueAtPath from 'relay-runtime/lib/util/getValueAtPath';
import { handlePotentialSnapshotErrors } from 'relay-runtime/lib/util/handlePotentialSnapshotErrors';
import isPromise from 'relay-runtime/lib/util/isPromise';
import recycleNodesInto from 'relay-runtime/lib/util/recycleNodesInto';

export const Environment = RelayModernEnvironment;
export const Network = RelayNetwork;
export const Observable = RelayObservable;
export const RecordSource = RelayRecordSource;
export const Record = RelayModernRecord;
export const ReplaySubject = RelayReplaySubject;
export const Store = RelayModernStore;
export const { areEqualSelectors, getSelector, getVariablesFromFragment } = RelayModernSelector;
export const { createOperationDescriptor } = RelayModernOperationDescriptor;
export const { getFragment, getRequest, graphql } = GraphQLTag;
export const { ID_KEY, ROOT_ID } = RelayStoreUtils;
export {
  ConnectionHandler,
  ConnectionInterface,
  PreloadableQueryRegistry,
  RelayFeatureFlags,
  applyOptimisticMutation,
  commitLocalUpdate,
  commitMutation,
  fetchQuery,
  getFragmentIdentifier,
  getPaginationMetadata,
  getPaginationVariables,
  getPendingOperationsForFragment,
  getRefetchMetadata,
  getRequestIdentifier,
  getValueAtPath,
  handlePotentialSnapshotErrors,
  isPromise,
  readInlineData,
  recycleNodesInto,
  requestSubscription,
};
export const __internal = {
  OperationTracker: RelayOperationTracker,
  createRelayContext,
  createRelayLoggingContext,
  defaultGetDataID,
  fetchQuery: fetchQueryInternal.fetchQuery,
  fetchQueryDeduped: fetchQueryInternal.fetchQueryDeduped,
  getPromiseForActiveRequest: fetchQueryInternal.getPromiseForActiveRequest,
  getObservableForActiveRequest: fetchQueryInternal.getObservableForActiveRequest,
  normalizeResponse,
};
