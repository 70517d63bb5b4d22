// Drawing (Midjourney) and async task lists: everyone's (admins) or the caller's.
import type { AsyncTask, DrawingTask, PagedList } from '../observability';
import { asyncTaskQuerySchema, drawingTaskQuerySchema } from '../observability.schemas';
import { defineEndpoint, typedReply } from './define';

const drawings = typedReply<PagedList<DrawingTask>>('One page of drawing tasks');
const asyncTasks = typedReply<PagedList<AsyncTask>>('One page of async tasks');

export const taskEndpoints = {
  drawings: defineEndpoint({
    method: 'GET',
    path: '/api/mj/',
    summary: "Every user's drawing tasks",
    role: 'admin',
    query: drawingTaskQuerySchema,
    reply: drawings,
    pageBase: 1,
  }),
  selfDrawings: defineEndpoint({
    method: 'GET',
    path: '/api/mj/self',
    summary: "The caller's drawing tasks",
    role: 'user',
    query: drawingTaskQuerySchema,
    reply: drawings,
    pageBase: 1,
  }),
  asyncTasks: defineEndpoint({
    method: 'GET',
    path: '/api/task/',
    summary: "Every user's async tasks",
    role: 'admin',
    query: asyncTaskQuerySchema,
    reply: asyncTasks,
    pageBase: 1,
  }),
  selfAsyncTasks: defineEndpoint({
    method: 'GET',
    path: '/api/task/self',
    summary: "The caller's async tasks",
    role: 'user',
    query: asyncTaskQuerySchema,
    reply: asyncTasks,
    pageBase: 1,
  }),
};
