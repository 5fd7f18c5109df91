import type { Type } from '@nestjs/common';

/**
 * Controller factories write a handler once against a base DTO; the validation pipe (and the route
 * documentation) read a parameter's class from `design:paramtypes`, so point it at the concrete DTO.
 */
export function declareArgs(controller: Type, method: string, index: number, dto: Type): void {
  const types = [...(Reflect.getMetadata('design:paramtypes', controller.prototype, method) as unknown[])];
  types[index] = dto;
  Reflect.defineMetadata('design:paramtypes', types, controller.prototype, method);
}
