// No zod here: the order pages read these (docs/decisions/0028-light-first-paint.md).
import { OrderStatus } from './enums.ts';

/** Allowed order moves (docs/architecture.md A6): 1->2, 2->3, 3->4, and 1|2|3->5. */
export const orderMoves: Record<number, readonly number[]> = {
  [OrderStatus.Pending]: [OrderStatus.InProgress, OrderStatus.Canceled],
  [OrderStatus.InProgress]: [OrderStatus.OnTheWay, OrderStatus.Canceled],
  [OrderStatus.OnTheWay]: [OrderStatus.Completed, OrderStatus.Canceled],
  [OrderStatus.Completed]: [],
  [OrderStatus.Canceled]: [],
};

export function canMoveOrder(from: number, to: number): boolean {
  return orderMoves[from]?.includes(to) ?? false;
}

/** Statuses in which an administrator may still edit an order: not delivered, not canceled. */
export const editableOrderStatuses: readonly number[] = [OrderStatus.Pending, OrderStatus.InProgress, OrderStatus.OnTheWay];
