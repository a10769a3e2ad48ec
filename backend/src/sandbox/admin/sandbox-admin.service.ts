import { Injectable } from '@nestjs/common';
import { isObject } from '../common/provider-answer';
import { DarajaSandboxService } from '../daraja/daraja-sandbox.service';
import { Fault, FaultRepository } from '../faults/fault.repository';
import { FlutterwaveSandboxService } from '../flutterwave/flutterwave-sandbox.service';
import { OutboundView } from '../outbound/outbound.repository';
import { OutboundService } from '../outbound/outbound.service';
import { AT_DELIVERY_FAILS, FAULT_TARGETS, FaultTarget, isFaultTarget } from '../sandbox.constants';
import { SandboxError, SandboxErrorCode } from '../sandbox.errors';

/** Test and debugging use cases of the sandbox: faults, the callback log, repeated callbacks. */
@Injectable()
export class SandboxAdminService {
  constructor(
    private readonly faults: FaultRepository,
    private readonly outbound: OutboundService,
    private readonly daraja: DarajaSandboxService,
    private readonly flutterwave: FlutterwaveSandboxService,
  ) {}

  /**
   * Arms a fault: `{target, count, status?}` — the next `count` calls to `target` fail with
   * `status` (default 500), or for `callback.*` targets the next `count` callbacks are dropped.
   * @throws SandboxError INVALID_FAULT.
   */
  async setFault(body: unknown): Promise<Fault> {
    if (!isObject(body)) throw new SandboxError(SandboxErrorCode.INVALID_FAULT);
    const { target, count, status = 500 } = body;
    if (
      typeof target !== 'string' ||
      !isFaultTarget(target) ||
      !Number.isInteger(count) ||
      (count as number) < 0 ||
      (count as number) > 1000 ||
      !Number.isInteger(status) ||
      (status as number) < 400 ||
      (status as number) > 599
    ) {
      throw new SandboxError(SandboxErrorCode.INVALID_FAULT, {
        targets: [...FAULT_TARGETS, `${AT_DELIVERY_FAILS}:<MSISDN>`],
      });
    }
    const fault: Fault = {
      target: target as FaultTarget,
      remaining: count as number,
      status: status as number,
    };
    await this.faults.set(fault);
    return fault;
  }

  listFaults(): Promise<Fault[]> {
    return this.faults.list();
  }

  clearFaults(): Promise<void> {
    return this.faults.clear();
  }

  /** The callbacks the sandbox sent or will send, newest first. */
  deliveries(query: {
    reference?: unknown;
    kind?: unknown;
    limit?: unknown;
  }): Promise<OutboundView[]> {
    const limit = Number(query.limit);
    return this.outbound.recent({
      reference:
        typeof query.reference === 'string' && query.reference ? query.reference : undefined,
      kind: typeof query.kind === 'string' && query.kind ? query.kind : undefined,
      limit: Number.isInteger(limit) && limit > 0 && limit <= 500 ? limit : 100,
    });
  }

  stkState(checkoutRequestId: string): Promise<Record<string, unknown>> {
    return this.daraja.stkState(checkoutRequestId);
  }

  resendStkCallback(checkoutRequestId: string): Promise<void> {
    return this.daraja.resendStkCallback(checkoutRequestId);
  }

  b2cState(conversationId: string): Promise<Record<string, unknown>> {
    return this.daraja.b2cState(conversationId);
  }

  resendFlutterwaveWebhook(transactionId: string): Promise<void> {
    return this.flutterwave.resendWebhook(transactionId);
  }
}
