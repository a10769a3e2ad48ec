import { All, Controller } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { SandboxError, SandboxErrorCode } from './sandbox.errors';

/**
 * Loaded instead of the sandboxes when they are off (always in production): every /sandbox path
 * answers 404 JSON. Without it a GET of a page path such as /sandbox/phone/… would fall through
 * to the single-page app's index.html (the global filter's SPA fallback) with status 200.
 */
@ApiExcludeController()
@Public()
@Controller('sandbox')
export class SandboxOffController {
  @All()
  root(): never {
    throw new SandboxError(SandboxErrorCode.NOT_FOUND);
  }

  @All('*')
  any(): never {
    throw new SandboxError(SandboxErrorCode.NOT_FOUND);
  }
}
