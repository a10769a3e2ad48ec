import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Money } from '../../common/money/money';
import type { PurchaseKind } from './entities/purchase.entity';

/** Who is about to pay, as the processor knows it when a purchase starts. */
export interface BuyerAtStart {
  /** M-Pesa MSISDN `2547XXXXXXXX` (STK purchases). */
  phone: string | null;
  /** Flutterwave buyer e-mail (Nigeria, Uganda). */
  email: string | null;
  /** The price in Ksh (for NGN/UGX the slip's Ksh price). */
  amountKsh: Money;
  /**
   * What is bought: a pending purchase of the same item by the phone already counts for this
   * buying attempt (docs/PRODUCT-RULES.md R282). Unknown: the price counts in full.
   */
  item?: { kind: PurchaseKind; slipId: string | null; subscriptionType: string | null };
}

/**
 * A check every purchase passes before any payment prompt is sent (docs/ARCHITECTURE.md "Layers":
 * the processor defines the port, the responsible-gambling module implements it). Called inside
 * the transaction that inserts the pending purchase.
 */
export interface PurchaseGate {
  /**
   * Admits the buyer or throws (a DomainError with status 403 and a message the buyer reads).
   * @returns the phone the purchase counts against (stored as `purchase.rg_phone`), or null when
   *   no phone is known for the buyer.
   */
  admit(em: EntityManager, buyer: BuyerAtStart): Promise<string | null>;
}

/** The registered gate (at most one; none: every buyer is admitted and no phone recorded). */
@Injectable()
export class PurchaseGates {
  private gate: PurchaseGate | null = null;

  /** @throws Error when a gate is already registered. */
  register(gate: PurchaseGate): void {
    if (this.gate) throw new Error('a purchase gate is already registered');
    this.gate = gate;
  }

  /** Runs the gate (see PurchaseGate.admit). */
  admit(em: EntityManager, buyer: BuyerAtStart): Promise<string | null> {
    return this.gate ? this.gate.admit(em, buyer) : Promise.resolve(null);
  }
}
